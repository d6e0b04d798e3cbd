/**
 * Thrown by a player to stop the episode: the episode is an error, never a scored row (an
 * agent that crashed must not be scored as one that never intervened). `permanent` failures
 * (the agent cannot start, the endpoint refuses connections or the key) stop the whole run at
 * once; others stop it after a few identical failures in a row (see `playBundle`).
 */
export class EpisodeFailed extends Error {
    kind;
    permanent;
    constructor(message, kind = "agent_error", permanent = false) {
        super(message);
        this.kind = kind;
        this.permanent = permanent;
    }
}
/**
 * Drive a player through a session until it is finished. A player that returns `undefined`
 * (EOF) ends the session: the commit rollout's remaining steps play `{}`.
 */
export async function driveSession(session, player) {
    let rejection;
    while (!session.finished) {
        const move = await player.act(session.observation(), rejection);
        if (move === undefined) {
            session.end();
            break;
        }
        const r = session.submit(move);
        rejection = r.rejection;
    }
}
//# sourceMappingURL=agent.js.map