/**
 * The server's append-only JSONL files after a crash. A process killed inside a `write` can
 * leave a torn last line (no trailing newline); appending after it would glue the next row
 * onto it and make the file unreadable. Such a line was never acknowledged to a client (a
 * response waits for its row's write), so it is cut before the file is reopened.
 */
import { open, stat } from "node:fs/promises";
import { GroupAppender, JsonlAppender } from "../../core/jsonl.js";
/** Truncate `file` after its last newline (no-op for a missing, empty or whole file). Returns bytes cut. */
export async function cutTornTail(file) {
    const st = await stat(file).catch(() => undefined);
    if (!st?.isFile() || st.size === 0)
        return 0;
    const fh = await open(file, "r+");
    try {
        const buf = Buffer.alloc(64 * 1024);
        let end = st.size;
        while (end > 0) {
            const start = Math.max(0, end - buf.length);
            const { bytesRead } = await fh.read(buf, 0, end - start, start);
            const nl = buf.subarray(0, bytesRead).lastIndexOf(0x0a);
            if (nl >= 0) {
                const keep = start + nl + 1;
                if (keep === st.size)
                    return 0;
                await fh.truncate(keep);
                await fh.sync();
                return st.size - keep;
            }
            end = start;
        }
        await fh.truncate(0);
        await fh.sync();
        return st.size;
    }
    finally {
        await fh.close();
    }
}
/**
 * A group-commit JSONL sink whose `push` resolves only once its line is fsync'd: `runs.jsonl`
 * of `gf01 serve`, where a player told "recorded" relies on the row surviving a power loss,
 * not only a process kill. One `fdatasync` covers every line of a group, so the cost per row
 * falls as load rises.
 */
export async function openDurableJsonl(file, o = {}) {
    const cut = await cutTornTail(file);
    if (cut)
        o.log?.(`gf01 serve: ${file}: cut a torn last line (${cut} bytes, never acknowledged)`);
    const fh = await open(file, "a");
    // GroupAppender only calls `append` and `close` on its writer.
    const sink = new GroupAppender({
        append: async (text) => {
            await fh.write(text);
            await fh.datasync();
        },
        close: async () => {
            await fh.sync();
            await fh.close();
        },
    });
    return sink;
}
/** A group-commit JSONL sink without fsync per group (fsync'd on close), torn tail cut first. */
export async function openJsonl(file, o = {}) {
    const cut = await cutTornTail(file);
    if (cut)
        o.log?.(`gf01 serve: ${file}: cut a torn last line (${cut} bytes, never acknowledged)`);
    return new GroupAppender(await JsonlAppender.open(file));
}
//# sourceMappingURL=journal.js.map