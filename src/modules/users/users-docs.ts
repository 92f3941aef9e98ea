import { applyDecorators } from '@nestjs/common';
import { ApiNoContentResponse } from '@nestjs/swagger';
import { itemsRouteDocs } from '../../common/openapi/items-route-docs';
import { ApiData, ApiDoc, ApiJsonBody, type OperationDoc } from '../../common/openapi/operation';
import { ApiQueryParams, ONE_QUERY, WRITE_QUERY } from '../../common/openapi/query-parameters';
import { object } from '../../common/openapi/schema-shorthand';
import { ApiAuth, ApiPublic } from '../../common/openapi/security';
import { AcceptInviteDto, InviteDto } from './dto/invite.dto';
import { TfaDisableDto, TfaEnableDto, TfaGenerateDto } from './dto/tfa.dto';
import { UserInputDto } from './dto/user-input.dto';

/** A route of the signed-in user: a user behind the token, 401 INVALID_CREDENTIALS otherwise. */
const own = (doc: OperationDoc, ...rest: MethodDecorator[]) => applyDecorators(ApiDoc(doc), ApiAuth(), ...rest);

/** The docs of /users (API.md "Reading your own user", "Users and the last administrator"), one decorator per route. */
export const USERS_DOCS = {
  ...itemsRouteDocs({ many: 'Users', one: 'User', auth: { anonymous: true }, writeErrors: [422] }),
  readMe: () =>
    own(
      {
        id: 'readMe',
        summary: 'Read the signed-in user',
        description:
          'The user behind the token; `password`, `tfa_secret` and `token` concealed. A share session answers `{ share }`.',
      },
      ApiQueryParams(...ONE_QUERY),
      ApiData('User', '`{ data: user }`'),
    ),
  updateMe: () =>
    own(
      {
        id: 'updateMe',
        summary: 'Update the signed-in user',
        description: 'Changes the fields of the user behind the token, within the user’s own permissions.',
      },
      ApiQueryParams(...WRITE_QUERY),
      ApiJsonBody(UserInputDto, 'The fields to change.'),
      ApiData('User', '`{ data: user }`'),
    ),
  generateTfa: () =>
    own(
      {
        id: 'generateTwoFactorSecret',
        summary: 'Generate a two-factor secret',
        description:
          'A new secret and its `otpauth://` URL for an authenticator app; two-factor authentication is on only after /users/me/tfa/enable.',
      },
      ApiJsonBody(TfaGenerateDto, 'The user’s current password.'),
      ApiData(object({ secret: 'string', otpauth_url: 'string' }), '`{ data: { secret, otpauth_url } }`'),
    ),
  enableTfa: () =>
    own(
      {
        id: 'enableTwoFactor',
        summary: 'Turn two-factor authentication on',
        description:
          'With the secret of /users/me/tfa/generate and a current code from the app; a wrong code is 400 INVALID_PAYLOAD.',
      },
      ApiJsonBody(TfaEnableDto, 'The secret and a current one-time code.'),
      ApiNoContentResponse({ description: 'Two-factor authentication is on.' }),
    ),
  disableTfa: () =>
    own(
      {
        id: 'disableTwoFactor',
        summary: 'Turn two-factor authentication off',
        description: 'With a current code from the app; a wrong code is 400 INVALID_PAYLOAD.',
      },
      ApiJsonBody(TfaDisableDto, 'A current one-time code.'),
      ApiNoContentResponse({ description: 'Two-factor authentication is off.' }),
    ),
  invite: () =>
    applyDecorators(
      ApiDoc({
        id: 'inviteUser',
        summary: 'Invite users',
        description:
          'Creates each user with status `invited` and the role, and mails them a link to choose a password. Administrators only.',
      }),
      ApiJsonBody(InviteDto, 'One email or several, the role, and where the mailed link points.'),
      ApiNoContentResponse({
        description:
          'Invited users are created with status `invited` and mailed a link, at most AUTH_MAIL_ADDRESS_POINTS mails per address ' +
          'and window (re-sends included; past it the user is still written, without a mail). 429 REQUESTS_EXCEEDED past ' +
          "AUTH_MAIL_IP_POINTS invite requests from the caller's address; then nothing is written.",
      }),
    ),
  acceptInvite: () =>
    applyDecorators(
      ApiDoc({
        id: 'acceptUserInvite',
        summary: 'Accept an invitation',
        description:
          'Sets the password of an invited user with the token of the invitation mail; the user is then active.',
      }),
      ApiPublic(),
      ApiJsonBody(AcceptInviteDto, 'The token of the invitation mail and the password.'),
      ApiNoContentResponse({ description: 'The invited user is active with the chosen password.' }),
    ),
  disableTfaFor: () =>
    applyDecorators(
      ApiDoc({
        id: 'disableUserTwoFactor',
        summary: 'Turn a user’s two-factor authentication off',
        description: 'For a user who lost their authenticator. Administrators only.',
      }),
      ApiNoContentResponse({ description: 'Two-factor authentication removed for that user.' }),
    ),
};
