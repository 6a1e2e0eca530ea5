/** The material pickers of the materials feature, as the creative form uses them. */
export {
  MaterialMultiPicker,
  MaterialPicker,
  useMaterial,
} from '../../material/components/MaterialPicker';
