/**
 * The viewer page's script, as a string inlined into the page (served or static). Plain
 * ES2020 DOM code with no framework and no build step, so an installed package needs nothing
 * but this module; it is small enough that a Vite bundle (as src/web) would add more than it
 * saves. Every text from a run file is set with textContent (never innerHTML): model replies
 * are hostile text. No template literals inside (the string is a String.raw template).
 */
export declare const VIEWER_SCRIPT: string;
