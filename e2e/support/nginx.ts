import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { spawnLogged, stopProcess, waitFor } from "./processes";

const NGINX_PATH = "/usr/sbin/nginx";
/** The configuration docs/operations.md ships, which a deployment includes in nginx's `http` block. */
const SHIPPED_CONFIG = path.resolve("docs/nginx.conf");
const EXAMPLE_INSTANCE = /^(\s*)server 10\.0\.0\.\d+:3000;\n/gm;
const EXAMPLE_LISTEN = /listen 443 ssl;\n(?:.*\n)*?\s*ssl_certificate_key [^;]+;/;

export interface Nginx {
  /** The only URL a participant knows. */
  url: string;
  /** nginx's own log and its access log, one line per request: the instance (`$upstream_addr`) that answered it. */
  logFiles: string[];
  stop(): Promise<void>;
}

/**
 * The shipped configuration with this run's instances and listening address put in, and nothing
 * else changed; wrapped in what a test's nginx needs of its own (paths inside `directory`, which
 * nginx's workers must be able to reach, and `X-Upstream` naming the instances a request reached).
 */
async function configFor(directory: string, port: number, instances: string[]): Promise<string> {
  const shipped = await readFile(SHIPPED_CONFIG, "utf8");
  if (shipped.match(EXAMPLE_INSTANCE)?.length !== 4 || !EXAMPLE_LISTEN.test(shipped)) throw new Error(`${SHIPPED_CONFIG}: not the two example instances in each upstream and the TLS listen this reads`);
  let seen = 0;
  const site = shipped
    // The first example instance of each upstream stands for all of this run's; the second goes.
    .replace(EXAMPLE_INSTANCE, (_line, indent: string) => (seen++ % 2 === 0 ? instances.map((address) => `${indent}server ${address};\n`).join("") : ""))
    .replace(EXAMPLE_LISTEN, `listen 127.0.0.1:${port};`);
  return `daemon off;
pid ${directory}/nginx.pid;
error_log stderr warn;
worker_processes 1;
events { worker_connections 8192; }
http {
  log_format upstreams '$request $status $upstream_addr $upstream_status';
  access_log ${directory}/nginx-access.log upstreams;
  client_body_temp_path ${directory}/nginx-client-body;
  proxy_temp_path ${directory}/nginx-proxy;
  fastcgi_temp_path ${directory}/nginx-fastcgi;
  uwsgi_temp_path ${directory}/nginx-uwsgi;
  scgi_temp_path ${directory}/nginx-scgi;
  add_header X-Upstream $upstream_addr always;

${site}
}
`;
}

/** Debian's nginx with the shipped configuration in front of `instances` ("127.0.0.1:3301"), listening on `port`. */
export async function startNginx(directory: string, port: number, instances: string[]): Promise<Nginx> {
  if (!existsSync(NGINX_PATH)) throw new Error(`nginx is missing at ${NGINX_PATH}: apt-get install nginx`);
  const configFile = path.join(directory, "nginx.conf");
  const logFile = path.join(directory, "nginx.log");
  await writeFile(configFile, await configFor(directory, port, instances));
  // -e: Debian's built-in error log path is under /var/log; this one never writes there.
  const child = spawnLogged(NGINX_PATH, ["-p", directory, "-c", configFile, "-e", "stderr"], { cwd: directory, env: process.env, logFile });
  const url = `http://127.0.0.1:${port}`;
  // SIGQUIT: finish what is in flight, then stop.
  const stop = () => stopProcess(child, "SIGQUIT");
  try {
    await waitFor("nginx", `${url}/api/health`, child, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, logFiles: [logFile, path.join(directory, "nginx-access.log")], stop };
}
