"""Reads the index store `swift build` writes for Sources/Routing, for scripts/layers and scripts/walk.

One home for how an occurrence is found and which folder a symbol belongs to: its top folder under
Sources/Routing, where the index declares or defines it (see `homes`).
"""
import ctypes
import os
import shutil
from pathlib import Path

MODULE = "Switchyard"  # Package.swift's target for Sources/Routing
MANGLED_MODULE = f"{len(MODULE)}{MODULE}"  # how the module's name is spelt in its symbols' USRs
# indexstore_symbol_role_t
DECLARATION, DEFINITION, CALL, IMPLICIT = 1 << 0, 1 << 1, 1 << 5, 1 << 8
OVERRIDE_OF, CALLED_BY = 1 << 11, 1 << 13  # relations: a witness of a requirement; the function a call is in
RECORD_DEPENDENCY = 2  # INDEXSTORE_UNIT_DEPENDENCY_RECORD
ENUM_CASE = 15  # INDEXSTORE_SYMBOL_KIND_ENUMCONSTANT


class Fail(Exception):
    """A problem that stops the check before it can look at any folder."""


class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]

    def text(self):
        return ctypes.string_at(self.data, self.length).decode() if self.length else ""


P, INT64, UINT = ctypes.c_void_p, ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_uint)
SIGNATURES = {  # as in indexstore.h: the *_apply_f variants, which take C function pointers
    "store_create": (P, [ctypes.c_char_p, ctypes.POINTER(P)]),
    "error_get_description": (ctypes.c_char_p, [P]),
    "error_dispose": (None, [P]),
    "store_units_apply_f": (ctypes.c_bool, [P, ctypes.c_uint, P, P]),
    "unit_reader_create": (P, [P, ctypes.c_char_p, ctypes.POINTER(P)]),
    "unit_reader_dispose": (None, [P]),
    "unit_reader_get_module_name": (StringRef, [P]),
    "unit_reader_get_main_file": (StringRef, [P]),
    "unit_reader_get_modification_time": (None, [P, INT64, INT64]),
    "unit_reader_dependencies_apply_f": (ctypes.c_bool, [P, P, P]),
    "unit_dependency_get_kind": (ctypes.c_int, [P]),
    "unit_dependency_get_filepath": (StringRef, [P]),
    "unit_dependency_get_name": (StringRef, [P]),
    "record_reader_create": (P, [P, ctypes.c_char_p, ctypes.POINTER(P)]),
    "record_reader_dispose": (None, [P]),
    "record_reader_occurrences_apply_f": (ctypes.c_bool, [P, P, P]),
    "occurrence_get_symbol": (P, [P]),
    "occurrence_get_roles": (ctypes.c_uint64, [P]),
    "occurrence_get_line_col": (None, [P, UINT, UINT]),
    "occurrence_relations_apply_f": (ctypes.c_bool, [P, P, P]),
    "symbol_relation_get_roles": (ctypes.c_uint64, [P]),
    "symbol_relation_get_symbol": (P, [P]),
    "symbol_get_usr": (StringRef, [P]),
    "symbol_get_kind": (ctypes.c_int, [P]),
    "symbol_get_name": (StringRef, [P]),
}
NAME_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, P, StringRef)
APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, P, P)


class IndexStore:
    """The few calls of libIndexStore the check needs, on the toolchain's own copy, by their names
    in indexstore.h without the `indexstore_` prefix."""

    def __init__(self, path):
        library = os.environ.get("INDEXSTORE_LIB")
        if not library:
            swift = shutil.which("swift")
            if not swift:
                raise Fail("no swift on PATH to find libIndexStore.so by (or set INDEXSTORE_LIB)")
            library = Path(swift).resolve().parent.parent / "lib" / "libIndexStore.so"
        try:
            lib = ctypes.CDLL(str(library))
        except OSError as error:
            raise Fail(f"cannot load libIndexStore: {error}")
        for name, (result, arguments) in SIGNATURES.items():
            function = getattr(lib, f"indexstore_{name}")
            function.restype, function.argtypes = result, arguments
            setattr(self, name, function)
        self.store = self.open(self.store_create, str(path).encode())
        self.kinds = {}  # usr: indexstore_symbol_kind_t, of every symbol an occurrence read so far

    def open(self, create, *arguments):
        error = P()
        handle = create(*arguments, ctypes.byref(error))
        if not handle:
            message = self.error_get_description(error).decode()
            self.error_dispose(error)
            raise Fail(message)
        return handle

    def units(self):
        """(module, main file, modification time in ns, {file: record}) of every unit."""
        names = []
        self.store_units_apply_f(self.store, 1, None, NAME_APPLIER(lambda _, name: names.append(name.text()) or True))
        for name in names:
            unit, records = self.open(self.unit_reader_create, self.store, name.encode()), {}

            def dependency(_, dep):
                if self.unit_dependency_get_kind(dep) == RECORD_DEPENDENCY:
                    records[self.unit_dependency_get_filepath(dep).text()] = self.unit_dependency_get_name(dep).text()
                return True
            self.unit_reader_dependencies_apply_f(unit, None, APPLIER(dependency))
            seconds, nanoseconds = ctypes.c_int64(), ctypes.c_int64()
            self.unit_reader_get_modification_time(unit, ctypes.byref(seconds), ctypes.byref(nanoseconds))
            module, main = self.unit_reader_get_module_name(unit).text(), self.unit_reader_get_main_file(unit).text()
            self.unit_reader_dispose(unit)
            yield module, main, seconds.value * 10**9 + nanoseconds.value, records

    def occurrences(self, record):
        """(usr, name, roles, line, column, related) of every occurrence in a record: related is the
        USR of the function a call is written in (its `calledBy` relation), or of the requirement a
        definition witnesses or overrides (`overrideOf`), else None."""
        reader, symbols, found = self.open(self.record_reader_create, self.store, record.encode()), {}, []
        line, column = ctypes.c_uint(), ctypes.c_uint()

        def occurrence(_, occ):
            symbol = self.occurrence_get_symbol(occ)
            if symbol not in symbols:  # a record's occurrences share its symbols
                symbols[symbol] = (self.symbol_get_usr(symbol).text(), self.symbol_get_name(symbol).text())
                self.kinds[symbols[symbol][0]] = self.symbol_get_kind(symbol)
            self.occurrence_get_line_col(occ, ctypes.byref(line), ctypes.byref(column))
            roles, related = self.occurrence_get_roles(occ), []
            if roles & (CALLED_BY | OVERRIDE_OF):
                def relation(_, rel):
                    if self.symbol_relation_get_roles(rel) & (CALLED_BY | OVERRIDE_OF):
                        related.append(self.symbol_get_usr(self.symbol_relation_get_symbol(rel)).text())
                    return True
                self.occurrence_relations_apply_f(occ, None, APPLIER(relation))
            found.append((*symbols[symbol], roles, line.value, column.value, related[0] if related else None))
            return True
        self.record_reader_occurrences_apply_f(reader, None, APPLIER(occurrence))
        self.record_reader_dispose(reader)
        return found


def read_index(sources, store_path, everywhere=None, kinds=None):
    """Every occurrence in Sources/Routing as (folder, file, line, column, usr, name, roles, related);
    the files the index lacks; notes. With `everywhere` (a directory), also the occurrences in its
    files of every other module, whose folder is None and file is relative to it. A `kinds` dict
    gets each symbol's indexstore_symbol_kind_t."""
    if not (store_path / "v5" / "units").is_dir():
        raise Fail(f"no index store at {store_path}: run swift build first")
    store, found, stale = IndexStore(store_path), {}, 0
    for module, main, time, records in store.units():
        file = Path(main).resolve()
        ours = module == MODULE and file.is_relative_to(sources)
        if main not in records or not (ours or everywhere and module != MODULE and file.is_relative_to(everywhere)):
            continue
        if not file.is_file():
            stale += 1
        elif file not in found or found[file][0] < time:  # a file's newest unit is its last build
            found[file] = (time, records[main])
    if not found:
        raise Fail(f"{store_path} has no unit of module {MODULE} for {sources}: run swift build first")
    notes = [f"ignored {stale} unit(s) of files that no longer exist"] if stale else []
    changed = sorted(f.name for f, (time, _) in found.items() if f.stat().st_mtime_ns > time)
    if changed:
        notes.append(f"{len(changed)} file(s) changed since they were indexed, e.g. {changed[0]}: run swift build")
    sites = []
    for file, (_, record) in sorted(found.items()):
        if file.is_relative_to(sources):
            parts = file.relative_to(sources).parts
            folder, name = parts[0] if len(parts) > 1 else "", "/".join(parts)
        else:
            folder, name = None, str(file.relative_to(everywhere))
        sites += [(folder, name, line, column, usr, symbol, roles, related)
                  for usr, symbol, roles, line, column, related in store.occurrences(record)]
    missing = sorted(str(f.relative_to(sources)) for f in sources.rglob("*.swift") if f.resolve() not in found)
    if kinds is not None:
        kinds.update(store.kinds)
    return sites, missing, notes


def homes(sites):
    """{usr: folder} for every symbol of the module, and notes on the ones it had to place.

    A declaration or definition, implicit ones included, makes its folder the home of its symbol. A
    symbol of the module the index declares nowhere (the `rawValue` and `init(rawValue:)` the
    compiler writes for an enum) lives where its type does: the longest declared USR prefixing its own."""
    home = {}
    for folder, file, line, _, usr, name, roles, _ in sites:
        if folder is None:  # another module's file
            continue
        if roles & (DECLARATION | DEFINITION) and home.setdefault(usr, folder) != folder:
            raise Fail(f"{file}:{line}: {name} is declared in both {home[usr]}/ and {folder}/")
    notes = []
    for folder, file, line, _, usr, name, _, _ in sites:
        if folder is not None and usr not in home and MANGLED_MODULE in usr:  # declared nowhere: borrow its type's home
            prefix = next((usr[:n] for n in range(len(usr) - 1, 2, -1) if usr[:n] in home), None)
            home[usr] = home.get(prefix)
            where = f"counted in {home[usr]}/, its type's" if home[usr] else "not counted: no type of it is declared"
            notes.append(f"{name} ({file}:{line}) is declared nowhere; {where}")
    return home, notes
