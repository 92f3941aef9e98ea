import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { CreateFolderDto, UpdateFolderDto } from './dto/folder.dto';
import { FoldersService } from './folders.service';

@ApiTags('folders')
@Controller('folders')
export class FoldersController {
  constructor(private readonly folders: FoldersService) {}

  @Get()
  @ApiOperation({ summary: 'List folders' })
  async readMany(@Acc() acc: Accountability) {
    return { data: await this.folders.readMany(acc) };
  }

  @Get(':id')
  async readOne(@Param('id') id: string, @Acc() acc: Accountability) {
    return { data: await this.folders.readOne(id, acc) };
  }

  @Post()
  @HttpCode(200)
  async create(@Body() dto: CreateFolderDto, @Acc() acc: Accountability) {
    const id = await this.folders.createOne(dto, acc);
    return { data: await this.folders.readOne(id, acc) };
  }

  @Patch(':id')
  async update(@Param('id') id: string, @Body() dto: UpdateFolderDto, @Acc() acc: Accountability) {
    const key = await this.folders.updateOne(id, dto, acc);
    return { data: await this.folders.readOne(key, acc) };
  }

  @Delete(':id')
  @HttpCode(204)
  async delete(@Param('id') id: string, @Acc() acc: Accountability): Promise<void> {
    await this.folders.deleteOne(id, acc);
  }
}
