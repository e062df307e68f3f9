// Every read model of the back office, made fresh for each office (the tabs model keeps state).
import { laborModel } from './labor-model';
import { refundsModel } from './refunds-model';
import { reviewModel } from './review-model';
import { createTabsModel } from './tabs-model';
import { venuesModel } from './venues-model';
import type { ReadModel } from './read-model';

export function readModels(): ReadModel[] {
  return [createTabsModel(), laborModel, refundsModel, reviewModel, venuesModel];
}

export type { ReadModel, Delivered } from './read-model';
