import type { FormEvent, ReactNode } from 'react';
import { useGetIdentity } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import {
  AUTOPLAY_GAME_KINDS,
  DEFAULT_GAME_AUTOPLAY,
  type EditableSetting,
  type OperatorProfile,
  type SettingAdminRow,
} from '@kometa/contracts';
import { Save } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { messageOf, ru } from '../../i18n/ru.ts';
import { errorText, PageHeader } from '../../ui/feedback.tsx';
import { formText, TextAreaField, TextField } from '../../ui/form.tsx';
import { useAction } from '../../ui/use-action.ts';

const t = ru.content;
type Value = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (text: string): number | string => (/^\d+$/.test(text) ? Number(text) : text);

/** Each setting's own fields and how its form becomes its value. */
const FORMS: Record<
  EditableSetting,
  {
    fields: (value: Value, error: (name: string) => string | undefined, id: string) => ReactNode;
    read: (form: FormData) => unknown;
  }
> = {
  cookie_bar: {
    fields: (v, error, id) => (
      <>
        <Enabled id={id} checked={v.enabled === true} />
        <TextAreaField
          id={`${id}-text`}
          name="text"
          label={t.cookieText}
          rows={3}
          defaultValue={str(v.text)}
          error={error('text')}
        />
      </>
    ),
    read: (form) => ({ enabled: form.get('enabled') === 'on', text: formText(form, 'text') }),
  },
  copyright_text: {
    fields: (v, error, id) => (
      <TextField
        id={`${id}-text`}
        name="text"
        label={t.copyright}
        defaultValue={str(v.text)}
        error={error('')}
      />
    ),
    read: (form) => formText(form, 'text'),
  },
  legal: {
    fields: (v, error, id) => (
      <div className="grid grid-2">
        <TextField
          id={`${id}-license`}
          name="license"
          label={t.license}
          defaultValue={str(v.license)}
          error={error('license')}
          wide
        />
        <TextField
          id={`${id}-licensee`}
          name="licensee"
          label={t.licensee}
          defaultValue={str(v.licensee)}
          error={error('licensee')}
        />
        <TextField
          id={`${id}-license_number`}
          name="license_number"
          label={t.licenseNumber}
          defaultValue={str(v.license_number)}
          error={error('license_number')}
        />
        <TextField
          id={`${id}-address`}
          name="address"
          label={t.address}
          defaultValue={str(v.address)}
          error={error('address')}
        />
        <TextField
          id={`${id}-support_email`}
          name="support_email"
          label={t.supportEmail}
          defaultValue={str(v.support_email)}
          error={error('support_email')}
        />
        <TextField
          id={`${id}-minimum_age`}
          name="minimum_age"
          label={t.minimumAge}
          inputMode="numeric"
          defaultValue={String(v.minimum_age ?? 18)}
          error={error('minimum_age')}
        />
      </div>
    ),
    read: (form) => ({
      minimum_age: num(formText(form, 'minimum_age')),
      license: formText(form, 'license'),
      licensee: formText(form, 'licensee'),
      license_number: formText(form, 'license_number'),
      address: formText(form, 'address'),
      support_email: formText(form, 'support_email'),
    }),
  },
  agreement_rules: {
    fields: (v, error, id) => (
      <div className="grid grid-2">
        <TextField
          id={`${id}-url`}
          name="url"
          label={t.rulesUrl}
          className="input mono"
          defaultValue={str(v.url)}
          error={error('url')}
        />
        <TextField
          id={`${id}-version`}
          name="version"
          label={t.rulesVersion}
          inputMode="numeric"
          defaultValue={String(v.version ?? 1)}
          error={error('version')}
        />
      </div>
    ),
    read: (form) => ({ url: formText(form, 'url'), version: num(formText(form, 'version')) }),
  },
  motivational_block: toggle(),
  footer_clock: toggle(),
  auto_logout: toggle(),
  background_color_enabled: {
    fields: (v, _error, id) => <Enabled id={id} checked={v.enabled === true} />,
    read: (form) => form.get('enabled') === 'on',
  },
  background_color: {
    fields: (v, error, id) => (
      <TextField
        id={`${id}-color`}
        name="color"
        label={t.color}
        className="input mono"
        defaultValue={str(v.text)}
        error={error('')}
      />
    ),
    read: (form) => formText(form, 'color'),
  },
  game_autoplay: {
    // Never saved yet: the platform's default (off, with the UKGC's slot rule).
    fields: (stored, error, id) => {
      const v = (stored.max_rounds === undefined ? DEFAULT_GAME_AUTOPLAY : stored) as Value;
      return (
        <>
          <TextField
            id={`${id}-max_rounds`}
            name="max_rounds"
            label={t.autoplayMaxRounds}
            inputMode="numeric"
            defaultValue={String(v.max_rounds ?? 100)}
            error={error('max_rounds')}
          />
          {AUTOPLAY_GAME_KINDS.map((kind) => {
            const rule = (v[kind] ?? {}) as Value;
            const countries = Array.isArray(rule.forbidden_countries) ? rule.forbidden_countries : [];
            return (
              <fieldset key={kind} className="grid grid-2 autoplay-rule">
                <legend>{t.autoplayKinds[kind]}</legend>
                <label className="check" htmlFor={`${id}-${kind}-enabled`} style={{ justifySelf: 'start' }}>
                  <input
                    id={`${id}-${kind}-enabled`}
                    type="checkbox"
                    name={`${kind}.enabled`}
                    defaultChecked={rule.enabled === true}
                  />{' '}
                  {t.autoplayAllowed}
                </label>
                <TextField
                  id={`${id}-${kind}-countries`}
                  name={`${kind}.forbidden_countries`}
                  label={t.autoplayForbiddenCountries}
                  className="input mono"
                  defaultValue={countries.join(', ')}
                  error={
                    error(`${kind}.forbidden_countries`) ??
                    Array.from({ length: 250 }, (_, index) =>
                      error(`${kind}.forbidden_countries.${index}`),
                    ).find(Boolean)
                  }
                />
              </fieldset>
            );
          })}
        </>
      );
    },
    read: (form) => ({
      max_rounds: num(formText(form, 'max_rounds')),
      ...Object.fromEntries(
        AUTOPLAY_GAME_KINDS.map((kind) => [
          kind,
          {
            enabled: form.get(`${kind}.enabled`) === 'on',
            forbidden_countries: formText(form, `${kind}.forbidden_countries`)
              .split(/[\s,;]+/)
              .filter(Boolean)
              .map((code) => code.toUpperCase()),
          },
        ]),
      ),
    }),
  },
};

function toggle() {
  return {
    fields: (v: Value, _error: (name: string) => string | undefined, id: string) => (
      <Enabled id={id} checked={v.enabled === true} />
    ),
    read: (form: FormData) => ({ enabled: form.get('enabled') === 'on' }),
  };
}

function Enabled({ id, checked }: { id: string; checked: boolean }) {
  return (
    <label className="check" style={{ justifySelf: 'start' }} htmlFor={`${id}-enabled`}>
      <input id={`${id}-enabled`} type="checkbox" name="enabled" defaultChecked={checked} /> {t.enabled}
    </label>
  );
}

/** A setting's value as its form reads it: objects as they are, a plain value under `text` / `enabled`. */
const formValue = (value: unknown): Value =>
  value !== null && typeof value === 'object'
    ? (value as Value)
    : typeof value === 'boolean'
      ? { enabled: value }
      : { text: value };

function SettingCard({ setting, canManage }: { setting: SettingAdminRow; canManage: boolean }) {
  const alias = setting.alias as EditableSetting;
  const form = FORMS[alias];
  const { run, fields, isBusy } = useAction();
  const error = (name: string) => {
    const key = name ? `value.${name}` : 'value';
    return fields[key] ? messageOf(fields[key]) : undefined;
  };
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = form.read(new FormData(event.currentTarget));
    await run(async () => {
      await api('PUT', `/content/settings/${alias}`, { body: { value } });
      return t.settingSaved;
    });
  }
  const id = `setting-${alias}`;
  return (
    <form
      className="card setting-card"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <div className="card-header">
        <div>
          <h2 id={`${id}-title`}>{t.settings[alias].title}</h2>
          <p className="muted setting-lead">
            {t.settings[alias].lead}
            {setting.updatedAt ? ` · ${t.updatedAt.toLowerCase()} ${dateTime(setting.updatedAt)}` : ''}
          </p>
        </div>
        <span className="mono muted setting-alias">{alias}</span>
      </div>
      <fieldset className="card-body grid setting-fields" disabled={!canManage || isBusy}>
        {form.fields(formValue(setting.value), error, id)}
      </fieldset>
      {canManage ? (
        <div className="card-body offer-actions">
          <button type="submit" className="button button-primary button-small" disabled={isBusy}>
            <Save size={14} aria-hidden /> {t.saveSetting}
          </button>
        </div>
      ) : null}
    </form>
  );
}

/** The operator's settings the site shows (the cookie notice, the licence block…), each by its schema. */
export function Settings() {
  const settings = useQuery({
    queryKey: ['content-settings'],
    queryFn: () => api<SettingAdminRow[]>('GET', '/content/settings'),
  });
  const { data: me } = useGetIdentity<OperatorProfile>();
  const canManage = me?.permissions.includes('settings.manage') ?? false;
  return (
    <>
      <PageHeader title={t.settingsTitle} lead={t.settingsLead} />
      {settings.error ? (
        <div className="card state" role="alert">
          {errorText(settings.error)}
        </div>
      ) : !settings.data ? (
        <div className="card state">{ru.common.loading}</div>
      ) : (
        <div className="settings-grid">
          {settings.data.map((setting) => (
            <SettingCard
              key={`${setting.alias}-${setting.updatedAt}`}
              setting={setting}
              canManage={canManage}
            />
          ))}
        </div>
      )}
    </>
  );
}
