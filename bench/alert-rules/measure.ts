// bench/alert-rules measurement (run by run.mjs through swc). Three evaluators over the same
// records, in interleaved rounds so a noisy neighbour slows all alike: the compiled rule
// (CompiledRule.matches), its counting form (evaluateAll, the dry-run path) and the
// hand-written inline function, which is the baseline.
import { compileRule, validateRuleExpression } from '@platform/maritime-domain';
import type { RuleAlertRecord } from '@platform/maritime-domain';
import { inlineRule, RULE, syntheticRecords } from './workload';

function arg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Evaluations per second of one pass over the records. */
function pass(records: RuleAlertRecord[], evaluate: (r: RuleAlertRecord) => boolean): number {
  let matched = 0;
  const start = process.hrtime.bigint();
  for (const record of records) if (evaluate(record)) matched += 1;
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (matched === 0 || matched === records.length) throw new Error('the workload never varies');
  return records.length / seconds;
}

function main(): void {
  const count = arg('records', 200_000);
  const rounds = arg('rounds', 7);
  const validation = validateRuleExpression(RULE);
  if (!validation.ok) throw new Error(JSON.stringify(validation.errors));
  const records = syntheticRecords(count);
  const start = process.hrtime.bigint();
  const rule = compileRule(validation.expression);
  const compileUs = Number(process.hrtime.bigint() - start) / 1e3;
  const counts = rule.paths.map(() => 0);
  const counting = (r: RuleAlertRecord): boolean => rule.evaluateAll(r, counts);

  // The compiled rule and the baseline must agree before their speeds mean anything.
  let matched = 0;
  for (const r of records) {
    const want = inlineRule(r);
    if (rule.matches(r) !== want) throw new Error(`disagreement on ${JSON.stringify(r)}`);
    if (want) matched += 1;
  }
  console.log(
    `${validation.nodes}-node rule over ${count.toLocaleString('en-US')} synthetic alerts ` +
      `(${((100 * matched) / count).toFixed(1)} % match); compiled in ${compileUs.toFixed(0)} µs`,
  );

  const targets: [string, (r: RuleAlertRecord) => boolean][] = [
    ['inline JS function (baseline)', inlineRule],
    ['compiled rule (matches)', rule.matches],
    ['compiled rule, every node counted', counting],
  ];
  for (const [, evaluate] of targets) pass(records, evaluate); // warm-up
  const samples: number[][] = targets.map(() => []);
  for (let round = 0; round < rounds; round++)
    targets.forEach(([, evaluate], i) => samples[i]?.push(pass(records, evaluate)));
  const rates = samples.map(median);
  const baseline = rates[0] ?? NaN;
  targets.forEach(([name], i) => {
    const rate = rates[i] ?? NaN;
    console.log(
      `${name.padEnd(36)} ${Math.round(rate).toLocaleString('en-US').padStart(12)} evaluations/s   ratio ${(rate / baseline).toFixed(3)}`,
    );
  });
}

main();
