/** Which fields of the console's forms carry antd's required mark: those their schema requires. */
import { describe, expect, it } from 'vitest';
import { ZCountryFields, ZLanguageFields, ZPasswordForm, ZProfileForm } from '@adloom/domain';
import { ZTopUpForm } from '../features/fund/api';
import { ZCreateDialog } from '../features/account/api';
import { isRequiredField } from './zodRule';

describe('isRequiredField', () => {
  it('marks the fields a schema refuses empty', () => {
    expect(isRequiredField(ZPasswordForm, 'oldPassword')).toBe(true);
    expect(isRequiredField(ZPasswordForm, 'confirmPassword')).toBe(true);
    expect(isRequiredField(ZProfileForm, 'nickname')).toBe(true);
    expect(isRequiredField(ZCountryFields, 'name')).toBe(true);
    expect(isRequiredField(ZCountryFields, 'code')).toBe(true);
    expect(isRequiredField(ZLanguageFields, 'code')).toBe(true);
    expect(isRequiredField(ZTopUpForm, 'amount')).toBe(true);
    expect(isRequiredField(ZCreateDialog, 'confirmPassword')).toBe(true);
  });

  it('leaves optional fields and unknown names unmarked', () => {
    expect(isRequiredField(ZProfileForm, 'introduction')).toBe(false);
    expect(isRequiredField(ZProfileForm, 'avatar')).toBe(false);
    expect(isRequiredField(ZProfileForm, 'nothing')).toBe(false);
  });
});
