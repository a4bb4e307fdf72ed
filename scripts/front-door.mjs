// Imported by scripts/start.mjs (and preloaded into each instance it forks): hands every request
// the HTTP server receives to the app's front door (lib/http/front-door.ts), once the app has
// opened it, before Next routes it. There the exam start line holds a hall's presses as parsed
// headers alone and refuses past its wait without Next routing them; everything else goes straight on.
import http from "node:http";

const DOOR = Symbol.for("olympiad.frontDoor");
const createServer = http.createServer;

http.createServer = function createServerBehindTheDoor(...args) {
  const index = args.findIndex((argument) => typeof argument === "function");
  if (index >= 0) {
    const next = args[index];
    args[index] = function throughTheDoor(incoming, outgoing) {
      const door = globalThis[DOOR];
      if (!door) return next.call(this, incoming, outgoing);
      door(incoming, outgoing, () => next.call(this, incoming, outgoing));
    };
  }
  return createServer.apply(this, args);
};
