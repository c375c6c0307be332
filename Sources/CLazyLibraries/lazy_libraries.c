/* Libraries Hark needs only later (GStreamer at the first play or scan,
 * libsecret at the first sign-in, libsoup at the first request), loaded at
 * their first call instead of before `main`.
 *
 * Why: each library in the executable's DT_NEEDED list is mapped, relocated
 * and initialised before `main`, and searched by every symbol lookup up to
 * the first frame (Mesa's dlopen of LLVM does tens of thousands). GStreamer
 * brings 12 objects, libsecret 3, libsoup 11 (bench/README.md, "Start-up").
 *
 * How: for each function in lazy_symbols.h (generate-stubs) a stub of the
 * same name, `jmp *slot`. A slot first points at a resolver that loads the
 * function's library (dlopen with RTLD_GLOBAL: from then on it is in the
 * global scope, as if it had been linked), looks the real function up and
 * stores it in the slot; every later call is one indirect jump. The stubs
 * are hidden: GStreamer's plugins and every other library still bind to the
 * real libraries, never to them.
 *
 * The stubs take the libraries' place only when the link drops those from
 * DT_NEEDED: `--as-needed` (scripts/lazy-link) does, once no symbol of theirs
 * is left unresolved. Otherwise (a debug build, or a function not listed)
 * the library is loaded before `main` as always and the first call's dlopen
 * only finds it there.
 *
 * x86-64 only (the trampolines are assembly); elsewhere this file is empty
 * and every library is linked as usual.
 */
#if defined(__x86_64__) && defined(__linux__)

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "lazy_symbols.h"

/* One slot per function: its resolver until the first call, then the real
 * function. Read by the stubs with a plain load; a pointer-sized aligned
 * store is atomic, so a racing caller sees one or the other, and a second
 * resolution stores the same address. */
#define LAZY_RESOLVER_DECLARATION(name, group, index) extern char lazy_resolve_##index[];
LAZY_SYMBOLS(LAZY_RESOLVER_DECLARATION)
#define LAZY_SLOT(name, group, index) lazy_resolve_##index,
__attribute__((visibility("hidden"), used)) void *lazy_slots[LAZY_SYMBOL_COUNT] = {LAZY_SYMBOLS(LAZY_SLOT)};

#define LAZY_ENTRY(name, group, index) {#name, group},
static const struct {
  const char *name;
  int group;
} lazy_symbols[LAZY_SYMBOL_COUNT] = {LAZY_SYMBOLS(LAZY_ENTRY)};

static const char *const lazy_groups[LAZY_GROUP_COUNT] = LAZY_GROUPS;
static void *lazy_handles[LAZY_GROUP_COUNT];
static pthread_mutex_t lazy_lock = PTHREAD_MUTEX_INITIALIZER;

/* Called by lazy_resolve_common with the function's index; returns the real
 * function. A library or function that cannot be found is a broken install:
 * say which and stop, as the dynamic loader would have before `main`. */
__attribute__((visibility("hidden"), used)) void *
lazy_bind (long index)
{
  pthread_mutex_lock (&lazy_lock);
  int group = lazy_symbols[index].group;
  if (lazy_handles[group] == NULL)
    {
      lazy_handles[group] = dlopen (lazy_groups[group], RTLD_LAZY | RTLD_GLOBAL);
      if (lazy_handles[group] == NULL)
        {
          fprintf (stderr, "hark: cannot load %s: %s\n", lazy_groups[group], dlerror ());
          abort ();
        }
    }
  /* The group's library and its dependencies (libgstpbutils brings
   * libgstreamer, libgstaudio, libgstbase...). */
  void *function = dlsym (lazy_handles[group], lazy_symbols[index].name);
  if (function == NULL)
    {
      fprintf (stderr, "hark: %s not found in %s\n", lazy_symbols[index].name, lazy_groups[group]);
      abort ();
    }
  __atomic_store_n (&lazy_slots[index], function, __ATOMIC_RELEASE);
  pthread_mutex_unlock (&lazy_lock);
  return function;
}

/* The stubs: `name` jumps through its slot; its resolver pushes the index
 * and goes to the common part. */
#define LAZY_STUB(name, group, index)                                          \
  __asm__ (".text\n"                                                           \
           ".globl " #name "\n"                                                \
           ".hidden " #name "\n"                                               \
           ".type " #name ", @function\n" #name ":\n"                          \
           "  jmp *(lazy_slots + 8 * " #index ")(%rip)\n"                      \
           ".size " #name ", . - " #name "\n"                                  \
           ".globl lazy_resolve_" #index "\n"                                  \
           ".hidden lazy_resolve_" #index "\n"                                 \
           "lazy_resolve_" #index ":\n"                                        \
           "  pushq $" #index "\n"                                             \
           "  jmp lazy_resolve_common\n");
LAZY_SYMBOLS(LAZY_STUB)

/* Keeps every register a call may pass arguments in (the six integer ones,
 * %rax with a variadic call's vector count, %xmm0-7) across lazy_bind, then
 * drops the index and jumps to the real function with the caller's return
 * address still on the stack. At a stub's entry %rsp is 8 mod 16 (the
 * return address), 0 after the index push; seven pushes (56 bytes) and 136
 * more bring it back to 0 for the call, as the ABI wants. */
__asm__ (".text\n"
         "lazy_resolve_common:\n"
         "  pushq %rdi\n  pushq %rsi\n  pushq %rdx\n  pushq %rcx\n"
         "  pushq %r8\n  pushq %r9\n  pushq %rax\n"
         "  subq $136, %rsp\n"
         "  movdqu %xmm0, 0(%rsp)\n  movdqu %xmm1, 16(%rsp)\n"
         "  movdqu %xmm2, 32(%rsp)\n  movdqu %xmm3, 48(%rsp)\n"
         "  movdqu %xmm4, 64(%rsp)\n  movdqu %xmm5, 80(%rsp)\n"
         "  movdqu %xmm6, 96(%rsp)\n  movdqu %xmm7, 112(%rsp)\n"
         "  movq 192(%rsp), %rdi\n"
         "  call lazy_bind\n"
         "  movq %rax, %r11\n"
         "  movdqu 0(%rsp), %xmm0\n  movdqu 16(%rsp), %xmm1\n"
         "  movdqu 32(%rsp), %xmm2\n  movdqu 48(%rsp), %xmm3\n"
         "  movdqu 64(%rsp), %xmm4\n  movdqu 80(%rsp), %xmm5\n"
         "  movdqu 96(%rsp), %xmm6\n  movdqu 112(%rsp), %xmm7\n"
         "  addq $136, %rsp\n"
         "  popq %rax\n  popq %r9\n  popq %r8\n  popq %rcx\n"
         "  popq %rdx\n  popq %rsi\n  popq %rdi\n"
         "  addq $8, %rsp\n"
         "  jmp *%r11\n");

#endif
