/* Host files through newlib stdio and Arm semihosting (SYS_OPEN/CLOSE/WRITE/READ/SEEK/FLEN/
 * REMOVE/ERRNO): write, read back, seek in every mode, append, update in place, a missing file
 * (errno ENOENT) and removal. The runner starts each simulator in an empty directory, which is
 * where the files appear (QEMU: its working directory; corsim: --semihosting-root, default the
 * working directory). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

static const char kName[] = "files_test.bin";

static uint8_t pattern(unsigned i) { return (uint8_t)(i * 7u + (i >> 8)); }

int main(void) {
  check_begin("files");
  static uint8_t buf[1500];

  /* Write 1000 bytes in uneven pieces (stdio buffers them into SYS_WRITE calls). */
  FILE *f = fopen(kName, "wb");
  CHECK(f != NULL);
  if (!f) return check_done();
  for (unsigned i = 0; i < 1000; ++i) buf[i] = pattern(i);
  CHECK_EQ(fwrite(buf, 1, 300, f), 300);
  CHECK_EQ(fwrite(buf + 300, 1, 700, f), 700);
  CHECK_EQ(ftell(f), 1000);
  CHECK_EQ(fclose(f), 0);

  /* Read back with seeks from the start, the current position and the end. */
  f = fopen(kName, "rb");
  CHECK(f != NULL);
  if (!f) return check_done();
  CHECK_EQ(fseek(f, 0, SEEK_END), 0);
  CHECK_EQ(ftell(f), 1000);
  CHECK_EQ(fseek(f, 500, SEEK_SET), 0);
  memset(buf, 0, sizeof buf);
  CHECK_EQ(fread(buf, 1, 100, f), 100);
  unsigned bad = 0;
  for (unsigned i = 0; i < 100; ++i) bad += buf[i] != pattern(500 + i);
  CHECK_EQ(bad, 0);
  CHECK_EQ(ftell(f), 600);
  CHECK_EQ(fseek(f, -50, SEEK_CUR), 0);
  CHECK_EQ(fgetc(f), pattern(550));
  CHECK_EQ(fseek(f, -10, SEEK_END), 0);
  CHECK_EQ(fread(buf, 1, sizeof buf, f), 10); /* short read at the end */
  CHECK_EQ(buf[0], pattern(990));
  CHECK(feof(f));
  rewind(f);
  CHECK_EQ(fread(buf, 1, sizeof buf, f), 1000);
  bad = 0;
  for (unsigned i = 0; i < 1000; ++i) bad += buf[i] != pattern(i);
  CHECK_EQ(bad, 0);
  CHECK_EQ(fclose(f), 0);

  /* Append, then update in place. */
  f = fopen(kName, "ab");
  CHECK(f != NULL);
  if (!f) return check_done();
  CHECK_EQ(fputs("appended", f) >= 0, 1);
  CHECK_EQ(fclose(f), 0);
  f = fopen(kName, "r+b");
  CHECK(f != NULL);
  if (!f) return check_done();
  CHECK_EQ(fseek(f, 10, SEEK_SET), 0);
  CHECK_EQ(fwrite("XYZ", 1, 3, f), 3);
  CHECK_EQ(fseek(f, 0, SEEK_END), 0);
  CHECK_EQ(ftell(f), 1008);
  CHECK_EQ(fseek(f, 8, SEEK_SET), 0);
  char mid[6] = {0};
  CHECK_EQ(fread(mid, 1, 5, f), 5);
  CHECK_EQ((uint8_t)mid[0], pattern(8));
  CHECK_EQ((uint8_t)mid[1], pattern(9));
  CHECK(memcmp(mid + 2, "XYZ", 3) == 0);
  CHECK_EQ(fseek(f, 1000, SEEK_SET), 0);
  char tail[9] = {0};
  CHECK_EQ(fread(tail, 1, 8, f), 8);
  CHECK(strcmp(tail, "appended") == 0);
  CHECK_EQ(fclose(f), 0);

  /* Text round trip with fprintf/fgets. */
  f = fopen("files_test.txt", "w");
  CHECK(f != NULL);
  if (!f) return check_done();
  fprintf(f, "line %d\nsecond %s\n", 1, "line");
  CHECK_EQ(fclose(f), 0);
  f = fopen("files_test.txt", "r");
  CHECK(f != NULL);
  if (!f) return check_done();
  char line[32];
  CHECK(fgets(line, sizeof line, f) != NULL && strcmp(line, "line 1\n") == 0);
  CHECK(fgets(line, sizeof line, f) != NULL && strcmp(line, "second line\n") == 0);
  CHECK(fgets(line, sizeof line, f) == NULL);
  CHECK_EQ(fclose(f), 0);
  printf("read back: %s", line);

  /* A missing file, and removal. */
  errno = 0;
  CHECK(fopen("files_test_missing.bin", "rb") == NULL);
  CHECK_EQ(errno, ENOENT);
  CHECK_EQ(remove(kName), 0);
  CHECK_EQ(remove("files_test.txt"), 0);
  CHECK(fopen(kName, "rb") == NULL);
  printf("file checks done\n");
  return check_done();
}
