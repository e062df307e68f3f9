// Gift cards: sell on the left, watch the cards arrive on the right. Cards come by event, so the
// screen says so when the location is not subscribed: above the sales on the right (on top in
// portrait), where it does not push the tiles under the checkout on a 1280x800 till.
import { useState } from 'react';
import { api } from '../../api-context';
import { useAppStore } from '../../store';
import { ActionProblem } from '../../components/staff-problem';
import { useAction } from '../../hooks/use-action';
import { LocationBar, useTabsLocation } from '../tabs/location-bar';
import { NotSubscribedBanner } from '../tabs/not-subscribed-banner';
import { useCatalog } from '../tabs/use-catalog';
import { SaleForm } from './sale-form';
import { SaleList } from './sale-list';
import { RefusedDeliveriesNotice } from '../../components/refused-deliveries-notice';

export function GiftCardsScreen() {
  const location = useTabsLocation();
  const view = useAppStore((s) => s.giftCards);
  const { catalog, reload } = useCatalog(location?.uuid ?? null);
  return (
    <section className="screen tabs-feature gift-cards-screen">
      <div className="screen-head">
        <h1>Gift cards</h1>
        <LocationBar />
        <RefusedDeliveriesNotice audience="floor" />
      </div>
      {!location ? (
        <p className="empty">Choose the location this till serves to sell gift cards.</p>
      ) : (
        <div className="two-columns gift-cards-body">
          <NotSubscribedBanner />
          <SaleForm catalog={catalog} onReload={() => void reload()} />
          <div className="column">
            {view && <SaleList view={view} />}
            {view && <LateSetting seconds={view.lateSeconds} />}
            <WalkInSetting spots={catalog?.available ? catalog.spots : []} />
          </div>
        </div>
      )}
    </section>
  );
}

function LateSetting({ seconds }: { seconds: number }) {
  const [value, setValue] = useState(String(seconds));
  const parsed = Number(value);
  const valid = Number.isInteger(parsed) && parsed >= 1 && parsed <= 86_400;
  return (
    <form
      className="fields inline late-setting"
      aria-label="Late threshold"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) void api().tabsSaveSettings({ giftCardLateSeconds: parsed });
      }}
    >
      <label>
        Show a card as late after (seconds)
        <input value={value} onChange={(e) => setValue(e.target.value)} inputMode="numeric" />
      </label>
      <button type="submit" disabled={!valid || parsed === seconds}>
        Save
      </button>
    </form>
  );
}

/** The counter spot walk-in sales use, so the cashier does not pick a table for a guest at the till. */
function WalkInSetting({ spots }: { spots: { uuid: string; name: string }[] }) {
  const current = useAppStore((s) => s.tabsSettings?.walkInSpot ?? null);
  const save = useAction();
  if (spots.length === 0) return null;
  return (
    <div className="fields inline walk-in-setting">
      <label>
        Walk-in sales use this spot
        <select
          value={current?.uuid ?? ''}
          disabled={save.busy}
          onChange={(e) => {
            const spot = spots.find((s) => s.uuid === e.target.value) ?? null;
            void save.run(() =>
              api().tabsSaveSettings({ walkInSpot: spot ? { uuid: spot.uuid, name: spot.name } : null }),
            );
          }}
        >
          <option value="">None: choose a spot for each sale</option>
          {spots.map((s) => (
            <option key={s.uuid} value={s.uuid}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <ActionProblem action={save} />
    </div>
  );
}
