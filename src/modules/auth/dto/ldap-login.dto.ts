import { ApiProperty, OmitType } from '@nestjs/swagger';
import { IsNotEmpty, IsString } from 'class-validator';
import { LoginDto } from './login.dto';

/** `POST /auth/login/<ldap provider>`: the directory's identifier (USER_ATTRIBUTE's value) instead of an email. */
export class LdapLoginDto extends OmitType(LoginDto, ['email'] as const) {
  @ApiProperty({ example: 'jdoe', description: "The value of the provider's USER_ATTRIBUTE (`cn` unless set)." })
  @IsString()
  @IsNotEmpty()
  identifier!: string;
}
