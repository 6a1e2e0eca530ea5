import type { Messages } from '../types';
import { common } from './common';
import { dashboard } from './dashboard';
import { error } from './error';
import { layout } from './layout';
import { login } from './login';
import { menu } from './menu';
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

/** Every zh text of the console, namespaced like the English one. */
export const messages: Messages = {
  common,
  menu,
  login,
  layout,
  dashboard,
  user,
  error,
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
