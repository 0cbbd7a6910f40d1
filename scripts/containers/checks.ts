// The checks of `npm run test:containers`: each one's name, outcome and time, and the counts.
export class Checks {
  passed = 0;
  failed = 0;

  async check(name: string, body: () => Promise<void>): Promise<void> {
    const started = Date.now();
    try {
      await body();
      this.passed += 1;
      console.log(`✓ ${name} (${seconds(started)})`);
    } catch (error) {
      this.failed += 1;
      console.log(`✗ ${name} (${seconds(started)})\n  ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

export function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}
