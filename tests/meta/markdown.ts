/** Shell code in Markdown docs, for the tests that run or check it. */

/** `sh` blocks of a Markdown file, each as its commands (continuations joined, comment lines dropped). */
export function shellBlocks(markdown: string): string[][] {
  const blocks: string[][] = [];
  for (const m of markdown.matchAll(/^```sh\n([\s\S]*?)^```/gm)) {
    const cmds: string[] = [];
    let cur = "";
    for (const line of m[1].split("\n")) {
      if (line.endsWith("\\")) {
        cur += `${line.slice(0, -1)} `;
        continue;
      }
      cur += line;
      if (cur.trim() && !cur.trim().startsWith("#")) cmds.push(cur);
      cur = "";
    }
    blocks.push(cmds);
  }
  return blocks;
}
