/* For testing the Windows build under Wine before version 9 only (never
 * shipped): Rust's standard library (1.78 on) takes its random seeds from
 * ProcessPrng in bcryptprimitives.dll, which older Wine lacks, so the
 * engine cannot start there. This stand-in, placed beside the .exe, answers
 * with RtlGenRandom (advapi32's SystemFunction036), which Wine has.
 * Built by scripts/release.sh with x86_64-w64-mingw32-gcc. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG part = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, part))
            return FALSE;
        data += part;
        length -= part;
    }
    return TRUE;
}
