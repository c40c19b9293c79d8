// Development: the API server with reload on change (:3000) and Vite with hot reload (:5173,
// proxying /api and /socket.io to :3000). Ctrl-C stops both.
import { spawn } from 'node:child_process';

const run = (args) => spawn('npm', args, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development', PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' } });
const children = [run(['run', 'dev', '-w', 'server']), run(['run', 'dev', '-w', 'web'])];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => {
  if (code) stop();
});
