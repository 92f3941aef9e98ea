import type { Command } from 'commander';
import { UsersService } from '../modules/users/users.service';
import { withAppContext } from './cli-context';
import { CliError } from './cli-error';

export function registerUsersCommands(program: Command): void {
  const users = program.command('users').description('Manage users');
  users
    .command('create')
    .description('Create an active user with a password')
    .requiredOption('--email <email>', 'email address (the login)')
    .requiredOption('--password <password>', 'password')
    .option('--role <role>', 'role id or name')
    .action(async (options: { email: string; password: string; role?: string }) => {
      await withAppContext(async (app) => {
        const service = app.get(UsersService);
        const role = options.role ? await service.findRoleByIdOrName(options.role) : null;
        if (options.role && !role) throw new CliError(`No role "${options.role}".`);
        if (await service.findByEmail(options.email))
          throw new CliError(`A user with email ${options.email} already exists.`);
        const user = await service.createUser({
          email: options.email,
          password: options.password,
          role: role?.id ?? null,
        });
        process.stdout.write(`${user.id}\n`);
      });
    });
}
