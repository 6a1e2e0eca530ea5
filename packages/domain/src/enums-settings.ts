/** Enumerations of the settings vocabulary that the spec implies but does not list. */
import { defineEnum } from './enum.js';

/** Meta elements a creative style carries; the creative form shows exactly these. */
export const StyleMeta = defineEnum({
  title: { value: 'title', en: 'Title', zh: '标题' },
  description: { value: 'description', en: 'Description', zh: '描述' },
  icon: { value: 'icon', en: 'Icon or logo', zh: '图标或 Logo' },
  image: { value: 'image', en: 'Image', zh: '图片' },
  groupImages: { value: 'groupImages', en: 'Group images', zh: '组图' },
  video: { value: 'video', en: 'Video', zh: '视频' },
  actionText: { value: 'actionText', en: 'Action button text', zh: '行动按钮文字' },
  appName: { value: 'appName', en: 'App name', zh: '应用名称' },
});
