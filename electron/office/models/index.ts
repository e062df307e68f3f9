// Every read model of the back office, made fresh for each office (the tabs model keeps state).
import { laborModel } from './labor-model';
import { refundsModel } from './refunds-model';
import { reviewModel } from './review-model';
import { createTabsModel } from './tabs-model';
import { createVenuesModel } from './venues-model';
import type { ReadModel } from './read-model';

export function readModels(): ReadModel[] {
  const others = [createTabsModel(), laborModel, refundsModel, reviewModel];
  // The venues model dates the others' business-day columns again when a venue's zone changes.
  return [...others, createVenuesModel(others.flatMap((m) => m.dated ?? []))];
}

export type { ReadModel, Delivered } from './read-model';
