/**
 * The saved configs of one report screen (docs/product/reports.md#saved-configs): save as new (named), save over the
 * current one, load or switch, delete; kept in local storage per user and screen so they
 * survive reloads. Saving sets the current config's modify flag; loading or switching
 * clears it (on the config loaded and on the one switched away from) — the spec's rule.
 */
import { useCallback, useState } from 'react';
import {
  newConfigId,
  readStore,
  storageKeyOf,
  writeStore,
  type ConfigStore,
} from '../model/storage';
import { settingsOf, type ReportSettings, type SavedReportConfig } from '../model/settings';

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export interface SavedReportConfigs {
  configs: readonly SavedReportConfig[];
  /** The config last created, saved or loaded; undefined before any. */
  current: SavedReportConfig | undefined;
  /** Stores the settings as a new config under `name` and makes it current. */
  saveAs(name: string, settings: ReportSettings): SavedReportConfig;
  /** Stores the settings over the current config (sets its modify flag). */
  save(settings: ReportSettings): SavedReportConfig | undefined;
  /** Makes a config current (clears its modify flag) and gives its settings to show. */
  load(id: string): SavedReportConfig | undefined;
  remove(id: string): void;
}

export function useSavedReportConfigs({
  userId,
  scope,
  storage = browserStorage(),
}: {
  userId: number | string;
  scope: string;
  storage?: Storage | undefined;
}): SavedReportConfigs {
  const key = storageKeyOf(userId, scope);
  const [state, setState] = useState(() => ({ key, store: readStore(storage, key) }));
  // Another user or screen: read its own configs (state derived from the key).
  let store = state.store;
  if (state.key !== key) {
    store = readStore(storage, key);
    setState({ key, store });
  }
  const commit = useCallback(
    (next: ConfigStore) => {
      writeStore(storage, key, next);
      setState({ key, store: next });
    },
    [storage, key],
  );

  const saveAs = useCallback(
    (name: string, settings: ReportSettings) => {
      const config: SavedReportConfig = {
        id: newConfigId(),
        name: name.trim(),
        ...settingsOf(settings),
        modify: true,
      };
      commit({ currentId: config.id, configs: [...store.configs, config] });
      return config;
    },
    [commit, store],
  );

  const save = useCallback(
    (settings: ReportSettings) => {
      const current = store.configs.find((config) => config.id === store.currentId);
      if (!current) return undefined;
      const saved: SavedReportConfig = { ...current, ...settingsOf(settings), modify: true };
      commit({
        ...store,
        configs: store.configs.map((config) => (config.id === saved.id ? saved : config)),
      });
      return saved;
    },
    [commit, store],
  );

  const load = useCallback(
    (id: string) => {
      const found = store.configs.find((config) => config.id === id);
      if (!found) return undefined;
      const loaded: SavedReportConfig = { ...found, modify: false };
      // Both the config switched to and the one switched away from lose the flag.
      commit({
        currentId: id,
        configs: store.configs.map((config) => {
          if (config.id === id) return loaded;
          return config.id === store.currentId ? { ...config, modify: false } : config;
        }),
      });
      return loaded;
    },
    [commit, store],
  );

  const remove = useCallback(
    (id: string) => {
      commit({
        currentId: store.currentId === id ? null : store.currentId,
        configs: store.configs.filter((config) => config.id !== id),
      });
    },
    [commit, store],
  );

  return {
    configs: store.configs,
    current: store.configs.find((config) => config.id === store.currentId),
    saveAs,
    save,
    load,
    remove,
  };
}
