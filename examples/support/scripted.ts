import { createModels, fauxProvider, type FauxResponseStep } from "@earendil-works/pi-ai";

/**
 * A faux provider registered in a fresh model collection, with its scripted responses.
 * Every scenario builds its own, so call counts never leak between scenarios.
 */
export function scriptedModels(responses: FauxResponseStep[] = []) {
  const faux = fauxProvider();
  const models = createModels();
  models.setProvider(faux.provider);
  faux.setResponses(responses);
  return { faux, models, model: faux.getModel() };
}

export type ScriptedModels = ReturnType<typeof scriptedModels>;
