/** One line of bench output: a target measured against its baseline in the same run. */
export interface BenchResult {
  suite: string;
  metric: string;
  target: { name: string; value: number; unit: string; extra?: Record<string, number> };
  baseline: { name: string; value: number; unit: string; extra?: Record<string, number> };
  ratio: number;
  goal: { minRatio: number } | null;
  passed: boolean | null;
  notes?: string;
}

export interface BenchSuite {
  name: string;
  description: string;
  run(): Promise<BenchResult[]>;
}
