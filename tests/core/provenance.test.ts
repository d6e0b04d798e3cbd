/**
 * The provenance stamp is oraclebench's own commit (src/core/provenance.ts): the built
 * package's dist/build-info.json, or the checkout's HEAD, never the HEAD of a repository the
 * package merely sits in (the bug: `git rev-parse HEAD` of the working directory).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { packageRoot, toolkitCommit } from "../../src/core/provenance.js";
import { currentGitCommit } from "../../src/gf01/api.js";

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, { cwd, stdio: ["ignore", "pipe", "ignore"] })
    .toString()
    .trim();

function gitRepo(dir: string): string {
  mkdirSync(dir, { recursive: true });
  git(dir, "init", "-q");
  git(dir, "-c", "user.name=u", "-c", "user.email=u@x", "commit", "-q", "--allow-empty", "-m", "x");
  return git(dir, "rev-parse", "HEAD");
}

function fakePackage(root: string, buildCommit?: string): void {
  mkdirSync(join(root, "dist/gf01"), { recursive: true });
  mkdirSync(join(root, "src/gf01"), { recursive: true });
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: "oraclebench", version: "9.9.9" }));
  if (buildCommit)
    writeFileSync(
      join(root, "dist/build-info.json"),
      JSON.stringify({ name: "oraclebench", version: "9.9.9", git_commit: buildCommit }),
    );
}

describe("toolkitCommit", () => {
  const tmp = mkdtempSync(join(tmpdir(), "provenance-"));

  it("an install inside a user's repository stamps the build's commit, not the user's HEAD", () => {
    const user = join(tmp, "user");
    const userHead = gitRepo(user);
    const pkg = join(user, "node_modules/oraclebench");
    fakePackage(pkg, "b".repeat(40));
    expect(toolkitCommit(join(pkg, "dist/gf01/api.js"))).toBe("b".repeat(40));
    expect(userHead).not.toBe("b".repeat(40));
  });

  it("an install without build info is unknown, still never the user's HEAD", () => {
    const user = join(tmp, "user2");
    gitRepo(user);
    const pkg = join(user, "node_modules/oraclebench");
    fakePackage(pkg);
    expect(toolkitCommit(join(pkg, "dist/gf01/api.js"))).toBe("unknown");
  });

  it("sources in a checkout stamp the checkout's HEAD; its built dist/ the commit it was built at", () => {
    const checkout = join(tmp, "checkout");
    const head = gitRepo(checkout);
    fakePackage(checkout, "c".repeat(40));
    expect(toolkitCommit(join(checkout, "src/gf01/api.ts"))).toBe(head);
    expect(toolkitCommit(join(checkout, "dist/gf01/api.js"))).toBe("c".repeat(40));
  });

  it("this checkout: the repository's own HEAD, found from the module, whatever the cwd", () => {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    expect(packageRoot(join(root, "src/core/provenance.ts"))).toBe(root.replace(/\/$/, ""));
    let head = "unknown";
    try {
      head = git(root, "rev-parse", "HEAD");
    } catch {
      // a source archive: no git
    }
    expect(currentGitCommit()).toBe(head);
  });
});
