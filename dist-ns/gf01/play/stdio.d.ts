import { type OnlineAgent } from "./agent.js";
export interface StdioAgentOptions {
    /** Shell command line (run with /bin/sh -c). */
    command: string;
    name?: string;
    cwd?: string;
    /** Seconds to wait for one action line (default 30). */
    timeoutS?: number;
    /** Where the agent's stderr goes (default: process.stderr, prefixed). */
    stderr?: (line: string) => void;
}
export declare function stdioAgent(o: StdioAgentOptions): OnlineAgent;
