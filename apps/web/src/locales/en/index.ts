import { bootMessages } from './boot';
import { user } from './user';
import { list } from './list';
import { change } from './change';
import { settings } from './settings';
import { account } from './account';
import { fund } from './fund';
import { plan } from './plan';
import { creative } from './creative';
import { material } from './material';
import { media } from './media';
import { dsp } from './dsp';
import { sspStrategy } from './ssp-strategy';
import { delivery } from './delivery';
import { report } from './report';
import { bulk } from './bulk';

/** Every en text of the console, namespaced: `menu.*`, `login.*`, … */
export const messages = {
  ...bootMessages,
  user,
  list,
  change,
  settings,
  account,
  fund,
  plan,
  creative,
  material,
  media,
  dsp,
  sspStrategy,
  delivery,
  report,
  bulk,
};
