// Starts one bench server (in its own memory group when there is one) and stops it for sure.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const nodeServer = fileURLToPath(new URL('../http-server.js', import.meta.url));
const webServer = fileURLToPath(new URL('./web-server.js', import.meta.url));
const live = new Set();

/** Bun and Deno serve with their own WHATWG servers; every Node runs node:http. */
export function serverScript(runtime) {
  return runtime === 'bun' || runtime === 'deno' ? webServer : nodeServer;
}

/**
 * @returns {Promise<{ child, pid: number, url: string, exited: Promise<{ code, signal }>, stop(): Promise<{ code, signal }> }>}
 */
export function startServer({ launcher, runtime, mode, libraryUrl, group, timeoutMs = 20_000 }) {
  let { command, args } = { command: launcher.command, args: [...launcher.args, serverScript(runtime), mode, libraryUrl] };
  if (group) ({ command, args } = group.wrap(command, args));
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text) => {
    stderr = (stderr + text).slice(-4000);
  });
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      live.delete(child);
      resolve({ code, signal, stderr });
    });
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      const result = await exited;
      clearTimeout(timer);
      return result;
    }
    return exited;
  };
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`server ${runtime} ${mode} did not listen within ${timeoutMs} ms: ${stderr}`));
    }, timeoutMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text) => {
      output += text;
      const match = /port (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, pid: child.pid, url: `http://127.0.0.1:${match[1]}/`, exited, stop });
      }
    });
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server ${runtime} ${mode} exited (${code ?? signal}) before listening: ${stderr}`));
    });
  });
}

/** For exit handlers: no server outlives the harness. */
export function killAllServers() {
  for (const child of live) child.kill('SIGKILL');
}
