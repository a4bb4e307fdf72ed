// Imported by scripts/start.mjs (and preloaded into each instance it forks): `next start` listens
// with Node's default backlog of 511 connections waiting to be accepted, and on exam day a hall
// pressing Start opens thousands within a second or two. While an instance is busy, connections
// past the backlog are dropped and the phone tries again only after 1, 3, then 7 seconds (one
// bench run of 10,000 phones: about 65,000 listen-queue overflows counted by the kernel, and 619
// never connected). The kernel caps what is asked at net.core.somaxconn (4096 on current kernels).
import net from "node:net";

const BACKLOG = 4096;
const listen = net.Server.prototype.listen;

net.Server.prototype.listen = function listenWithBacklog(...args) {
  // Next calls listen(port, hostname), hostname undefined unless given: the same as options, with the backlog.
  const [port, host] = args;
  if (args.length === 2 && typeof port === "number" && (host === undefined || typeof host === "string")) return listen.call(this, { port, host, backlog: BACKLOG });
  return listen.apply(this, args);
};
