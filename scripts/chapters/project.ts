/** One chapter source and what is generated from it. Paths are project-relative. */
export interface Chapter {
  source: string;
  /** Names the notebook and the HTML page. */
  slug: string;
  notebook: string;
  page: string;
  /** How the catalogue's `source` column names this text (ch37, ch38, recipe). */
  catalogueName: string;
}

function chapter(source: string, slug: string, catalogueName: string): Chapter {
  return { source, slug, notebook: `notebooks/${slug}.ipynb`, page: `${slug}.html`, catalogueName };
}

/** The chapters in reading order. The recipe restates chapter 38, so it is named after it. */
export const CHAPTERS: readonly Chapter[] = [
  chapter("chapters/37-agent-core.md", "ch37-agent-core", "ch37"),
  chapter("chapters/38-typed-step.md", "ch38-typed-step", "ch38"),
  chapter("chapters/recipe.md", "ch38-recipe", "recipe"),
];
