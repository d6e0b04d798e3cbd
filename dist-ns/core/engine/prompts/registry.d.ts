/**
 * Versioned prompt templates. A template's `ref` (id@version) goes into the model config
 * hash, so changing a prompt's wording means a new version and never silently mixes results
 * from two wordings under one key.
 */
export interface PromptTemplate {
    id: string;
    version: number;
    description: string;
    /** Template text with `{name}` slots. */
    text: string;
    /** Slot names the template needs. */
    slots: readonly string[];
}
export declare function templateRef(t: PromptTemplate): string;
/**
 * Fill `{slot}` markers in one left-to-right pass. Values are inserted literally: braces,
 * backslashes and `$` in values stay as they are (no format-string semantics, so no
 * brace-doubling), and a value that happens to contain `{other}` is not expanded again.
 */
export declare function renderTemplate(t: PromptTemplate, values: Readonly<Record<string, string>>): string;
export declare function registerTemplate(t: PromptTemplate): PromptTemplate;
/** Look up `id@version`, or the highest version of `id` when no version is given. */
export declare function getTemplate(refOrId: string): PromptTemplate;
export declare function listTemplates(): PromptTemplate[];
