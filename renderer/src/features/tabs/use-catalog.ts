// The products and spots of the chosen location, read once per location. When the service cannot
// list them (the spec has no catalog route), the screens let the bartender type product ids.
import { useCallback, useEffect, useState } from 'react';
import type { CatalogView } from '../../../../shared/tabs';
import { api } from '../../api-context';
import { errorPayload } from '../../../../shared/errors';

export function useCatalog(locationUuid: string | null) {
  const [catalog, setCatalog] = useState<CatalogView | null>(null);
  const [loading, setLoading] = useState(false);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      setCatalog(await api().tabsCatalog());
    } catch (error) {
      setCatalog({ available: false, locationUuid, problem: errorPayload(error) });
    } finally {
      setLoading(false);
    }
  }, [locationUuid]);
  useEffect(() => {
    setCatalog(null);
    if (locationUuid) void load();
  }, [locationUuid, load]);
  return { catalog, loading, reload: load };
}
