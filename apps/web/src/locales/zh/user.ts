import type { user as en } from '../en/user';

export const user: typeof en = {
  profileHeading: '基本信息',
  username: '用户名',
  nickname: '昵称',
  avatar: '头像地址',
  avatarHelp: 'http(s) 图片地址；留空则使用默认头像。',
  avatarPreview: '头像预览',
  introduction: '简介',
  profileSave: '保存修改',
  profileSaved: '个人信息已保存。',
  passwordHeading: '修改密码',
  oldPassword: '原密码',
  newPassword: '新密码',
  confirmPassword: '确认新密码',
  passwordHelp: '至少 {{min}} 个字符，且不能是常见或容易猜到的密码。',
  passwordSubmit: '修改密码',
  passwordChanged: '密码已修改。',
};
