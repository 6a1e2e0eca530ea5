import { useMutation } from '@tanstack/react-query';
import {
  ZPasswordForm,
  ZProfileForm,
  changePassword,
  encodeCredential,
  updateProfile,
  type PasswordForm,
  type ProfileForm,
} from '@adloom/domain';
import { call } from '../../lib/api';

/**
 * Saves nickname, avatar and introduction; answers the updated user. Form calls are silent:
 * the page puts field issues on their fields and toasts the rest (reportFormError).
 */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: (form: ProfileForm) =>
      call(updateProfile, { body: ZProfileForm.parse(form), silent: true }),
  });
}

/** Changes the password; both passwords travel encoded (docs/product/console.md#sign-in). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (form: PasswordForm) => {
      const { oldPassword, newPassword } = ZPasswordForm.parse(form);
      return call(changePassword, {
        body: {
          oldPassword: encodeCredential(oldPassword),
          newPassword: encodeCredential(newPassword),
        },
        silent: true,
      });
    },
  });
}
