// Self time of a .cpuprofile by component: node internals, undici, ioredis, nest/express,
// pino, our app (by source folder), GC, idle. Usage: node summarise-profile.mjs <file>
import { readFileSync } from 'node:fs';

const profile = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
profile.samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
function component(node) {
  const { url, functionName } = node.callFrame;
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(garbage collector)') return 'gc';
  if (functionName === '(program)') return 'program (native)';
  if (!url) return `native: ${functionName || '(anonymous)'}`;
  const nm = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (nm) return nm[1];
  if (url.startsWith('node:internal/')) return url.split('/').slice(0, 3).join('/');
  if (url.startsWith('node:')) return url.split('/')[0];
  const app = url.match(/(apps|libs)\/[^/]+\/src\/[^/]+/);
  if (app) return app[0];
  if (url.includes('dist/apps/proxy-admin/main.js'))
    return `proxy-admin bundle: ${functionName || '(anonymous)'}`;
  return url;
}
const totals = new Map();
let all = 0;
for (const [id, us] of self) {
  const key = component(byId.get(id));
  totals.set(key, (totals.get(key) ?? 0) + us);
  all += us;
}
const busy = all - (totals.get('idle') ?? 0);
console.log(`busy ${(busy / 1000).toFixed(0)} ms of ${(all / 1000).toFixed(0)} ms`);
for (const [key, us] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
  if (key === 'idle') continue;
  console.log(`${((100 * us) / busy).toFixed(1).padStart(5)}%  ${key}`);
}
