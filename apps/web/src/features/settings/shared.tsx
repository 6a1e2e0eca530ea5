/** The settings screens use the shared list editing kit (components/list/editing.tsx). */
export {
  FormDialog,
  SettingsCard,
  useDialog,
  useHistory,
  useInvalidate,
  useStatusSwitch,
} from '../../components/list/editing';
