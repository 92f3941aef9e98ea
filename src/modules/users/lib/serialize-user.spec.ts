import type { UserEntity } from '../entities/user.entity';
import { CONCEALED, serializeUser } from './serialize-user';

const user = { id: 'u1', email: 'a@b.example', password: '$argon2id$x', tfa_secret: null, token: 'abc', status: 'active' } as UserEntity;

describe(serializeUser.name, () => {
  it.each([
    [undefined, { id: 'u1', email: 'a@b.example', password: CONCEALED, tfa_secret: null, token: CONCEALED, status: 'active' }],
    [['*'], { id: 'u1', email: 'a@b.example', password: CONCEALED, tfa_secret: null, token: CONCEALED, status: 'active' }],
    [['id', 'email'], { id: 'u1', email: 'a@b.example' }],
    [['password'], { password: CONCEALED }],
    [['nope'], {}],
  ])('fields %j', (fields, expected) => expect(serializeUser(user, fields)).toEqual(expected));
});
