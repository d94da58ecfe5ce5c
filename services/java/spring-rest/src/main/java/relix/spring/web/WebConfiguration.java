package relix.spring.web;

import com.fasterxml.jackson.databind.Module;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.converter.json.MappingJackson2HttpMessageConverter;
import relix.common.json.RelixJson;

/** Jackson as Spring Boot configures it, writing numbers as JavaScript does, its encode timed. */
@Configuration(proxyBeanMethods = false)
public class WebConfiguration {
  /** Picked up by Boot's ObjectMapper: 4 not 4.0, as the Node services answer. */
  @Bean
  Module javaScriptNumbers() {
    return RelixJson.javaScriptNumbers();
  }

  /** Characters outside the BMP written as UTF-8, not escaped surrogates, as JSON.stringify's text. */
  @Bean
  Jackson2ObjectMapperBuilderCustomizer wholeCharacters() {
    return builder -> builder.featuresToEnable(RelixJson.WHOLE_CHARACTERS);
  }

  /** Replaces Boot's Jackson converter. */
  @Bean
  MappingJackson2HttpMessageConverter timedJsonConverter(ObjectMapper json) {
    return new TimedJsonConverter(json);
  }
}
