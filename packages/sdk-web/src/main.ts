/** The bundle's entry: installs `window.adloom` and fills the page's marked slots. */
import { start } from './index.js';

start();
