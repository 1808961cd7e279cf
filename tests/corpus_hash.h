/* corpus_hash.h - the committed FNV-1a hash of the determinism corpus
 * (tests/test_corpus.c). Host (x86-64) and target (ARM7TDMI, in the GBA
 * test ROM) both produce it; change it
 * only together with a deliberate change of results, and say why. */
#ifndef FXLT_CORPUS_HASH_H
#define FXLT_CORPUS_HASH_H

#define FXLT_CORPUS_CASES 100000u
#define FXLT_CORPUS_HASH 0x000153e4u

#endif
