import { describe, expect, it } from 'vitest';
import { ChangePasswordBody, CreateUserBody, LoginBody } from '@app/contracts';
import { readForm, validate } from '../../src/routes/account/forms';

describe('account form validation (the server schemas, first message per field)', () => {
  it("answers the contracts' messages of every failing field", () => {
    const result = validate(CreateUserBody, {
      fullname: 'Ana',
      email: 'x@',
      password: '',
      passwordConfirmation: '',
    });
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        fullname: 'Nome deve ter pelo menos 6 caracteres',
        email: 'Email inválido',
        password: 'Senha é obrigatória',
        passwordConfirmation: 'Confirmação de senha é obrigatória',
      },
    });
  });

  it('puts the "equal to" rule on the confirmation field', () => {
    const result = validate(ChangePasswordBody, {
      oldPassword: 'antiga-1',
      newPassword: 'nova-senha-1',
      newPasswordConfirmation: 'nova-senha-2',
    });
    expect(result).toEqual({
      ok: false,
      fieldErrors: { newPasswordConfirmation: 'As senhas não coincidem' },
    });
  });

  it('answers the parsed data (email trimmed and lowercased) when valid', () => {
    expect(validate(LoginBody, { email: '  Maria@Exemplo.COM ', password: 'senha-boa' })).toEqual({
      ok: true,
      data: { email: 'maria@exemplo.com', password: 'senha-boa' },
    });
  });

  it('reads missing form fields as empty strings', () => {
    const form = new FormData();
    form.set('email', 'a@b.c');
    expect(readForm(form, ['email', 'password'])).toEqual({ email: 'a@b.c', password: '' });
  });
});
