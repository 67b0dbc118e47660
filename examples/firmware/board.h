/* board.h - what startup.c gives the firmware example: the memory gir.h allocates from (a bump allocator over a
   static arena of FW_ARENA_BYTES in DTCM; fw_arena_used: the bytes handed out so far) */
#ifndef FW_BOARD_H
#define FW_BOARD_H
#include <stddef.h>
enum { FW_ARENA_BYTES = 320 * 1024 };
extern size_t fw_arena_used;
void *fw_alloc(size_t n, void *user);
void *fw_realloc(void *p, size_t old_n, size_t n, void *user);
void  fw_free(void *p, void *user);
#endif
