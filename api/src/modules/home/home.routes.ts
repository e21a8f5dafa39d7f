import { ZHome } from '@portal/shared/contracts/home';
import { home } from '@portal/shared/endpoints/home';
import { moduleOf } from '../../api-module.ts';
import { endpointRouter, route } from '../../http/route.ts';
import { readHome } from './read-home.ts';

export const homeModule = moduleOf('home', home, (deps) => {
  const on = endpointRouter(deps);
  route(on, home.get, { answer: ZHome }, ({ ctx }) => readHome({ ctx }));
  return on.router;
});
