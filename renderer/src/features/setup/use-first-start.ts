// Whether to show the guided setup: asked once per page. A device that cannot answer (a satellite,
// whose hub keeps this question to its own screen) has no first start here.
import { useState } from 'react';
import { api } from '../../api-context';
import { useRequest } from '../../hooks/use-request';

export function useFirstStart(): { show: boolean; done(): void } {
  const view = useRequest(() => api().setupView(), []);
  const [finished, setFinished] = useState(false);
  return { show: view.data?.needed === true && !finished, done: () => setFinished(true) };
}
