import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);

// src/gf01/play/agent.ts
var EpisodeFailed = class extends Error {
  constructor(message, kind = "agent_error", permanent = false) {
    super(message);
    this.kind = kind;
    this.permanent = permanent;
  }
  kind;
  permanent;
};
async function driveSession(session, player) {
  let rejection;
  while (!session.finished) {
    const move = await player.act(session.observation(), rejection);
    if (move === void 0) {
      session.end();
      break;
    }
    const r = session.submit(move);
    rejection = r.rejection;
  }
}

export {
  EpisodeFailed,
  driveSession
};
