// `npm run dev`: the API with reload (tsx watch, port 3000) and Vite's dev server (5173) whose
// /api requests are proxied to the API. Ctrl+C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@tavara/api'], {
    stdio: 'inherit',
    // `npm run dev` is a developer's machine: the outbox at /dev/mailbox is on (loopback only).
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', DEV_MAILBOX: process.env.DEV_MAILBOX ?? 'true' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@tavara/web'], { stdio: 'inherit' }),
];
console.log('\n  Open http://localhost:5173 (API on http://localhost:3000)\n');

const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  });
