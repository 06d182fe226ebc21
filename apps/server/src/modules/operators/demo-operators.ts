import type { OperatorRole } from '@kometa/contracts';

/**
 * The demo's operators (README, "Demo"): one per role, each enrolled with a published TOTP secret so
 * that anyone (and the browser tests) can compute its codes. Loaded only with the demo content
 * (SEED_DEMO); production never seeds them.
 */
export const DEMO_OPERATORS: readonly {
  role: OperatorRole;
  email: string;
  name: string;
  password: string;
  totpSecret: string;
}[] = [
  {
    role: 'administrator',
    email: 'admin@kometa.test',
    name: 'Анна Администратор',
    password: 'kometa-demo-admin',
    totpSecret: '3KHC7G2J3BGTSEBRDXTZAJTALZCXTIQJ',
  },
  {
    role: 'finance',
    email: 'finance@kometa.test',
    name: 'Фёдор Финансов',
    password: 'kometa-demo-finance',
    totpSecret: 'UNMDGD4DZG7OH65S5H6ZTZNCB47AQZP7',
  },
  {
    role: 'support',
    email: 'support@kometa.test',
    name: 'Сергей Поддержкин',
    password: 'kometa-demo-support',
    totpSecret: 'QM3MXTKKL4M6AHJCZJD5OUJDL222WXGG',
  },
  {
    role: 'risk',
    email: 'risk@kometa.test',
    name: 'Римма Рискова',
    password: 'kometa-demo-risk',
    totpSecret: 'CXNSKP4TJ6RE5RW5OTHYHKVLKDOC33RN',
  },
  {
    role: 'content',
    email: 'content@kometa.test',
    name: 'Камила Контентова',
    password: 'kometa-demo-content',
    totpSecret: '7QO7F7MTHRLKSBQN7T6ASPYJWVFTRG5G',
  },
  {
    role: 'marketing',
    email: 'marketing@kometa.test',
    name: 'Марк Маркетов',
    password: 'kometa-demo-marketing',
    totpSecret: 'GS7BRTML6MQOMCPFZP73RHCSPTYH6KCE',
  },
];
