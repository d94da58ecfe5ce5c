package relix.common.repository;

/** A read of the source of truth; null when there is nothing there (not cached then). */
@FunctionalInterface
public interface SourceLoad<T> {
  T load() throws Exception;
}
