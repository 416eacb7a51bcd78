import { register } from "node:module";
import { pathToFileURL } from "node:url";
import { folderOf, type ListingsHookData } from "./hook.ts";

/**
 * Imports a reader's listing by its own path, beside ours (which stays ours): the listings
 * hook makes it an ES module and resolves its packages from the project, wherever it lies.
 */
export async function importReaderFile<M>(file: string): Promise<M> {
  const url = pathToFileURL(file).href;
  const data: ListingsHookData = { redirects: [], readerFiles: [url], readerDirs: [folderOf(url)] };
  register("./hook.ts", { parentURL: import.meta.url, data });
  return (await import(url)) as M;
}
