// npm run dev: the API server with --watch (restarts on change) and Vite with hot reload in front of it.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, NODE_ENV: 'development', PORT: apiPort, APP_ORIGIN: 'http://localhost:5173', API_PORT: apiPort };
const children = [
  spawn(process.execPath, ['--watch-path=src', '--watch-preserve-output', 'src/server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    if (code) stop();
  });
