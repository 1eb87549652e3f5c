// Command-line options of the benchmarks: `--name value`, `--name=value`, or a bare `--flag`.

export interface BenchArgs {
  get(name: string): string | undefined;
  has(name: string): boolean;
  /** A positive integer option (default `d`); exits with a Chinese message when it is not one. */
  num(name: string, d: number): number;
}

export function benchArgs(argv: readonly string[] = process.argv.slice(2)): BenchArgs {
  const args = new Map<string, string | undefined>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) continue;
    if (a.includes('=')) {
      const [k, v] = a.slice(2).split('=', 2);
      args.set(k, v);
    } else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) args.set(a.slice(2), argv[++i]);
    else args.set(a.slice(2), undefined);
  }
  return {
    get: (name) => args.get(name),
    has: (name) => args.has(name),
    num(name, d) {
      const v = Number(args.get(name) ?? d);
      if (!Number.isInteger(v) || v < 1) {
        console.error(`--${name} 须为正整数`);
        process.exit(2);
      }
      return v;
    },
  };
}
